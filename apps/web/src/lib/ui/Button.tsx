import type { ButtonHTMLAttributes, Ref } from 'react';

/**
 * Spec §5 names the variants primary, secondary and text; issue 21 adds three so a screen says
 * what a button does rather than styling it itself (docs/first-booking.md "Buttons and small
 * screens"):
 * - `neutral`: the quiet half of a pair ('Cancel' beside 'Add to basket', 'Keep booking' beside
 *   'Cancel booking'): white with a grey border, so the other choice is plainly the primary one
 *   whatever the theme's secondary style (solid by default, spec §3).
 * - `danger-outline`: every destructive action ('Cancel booking', 'Remove', 'Clear basket', …),
 *   in the danger colour, outlined.
 * - `danger`: solid danger, only for the final confirm inside a confirmation dialog.
 */
export const BUTTON_VARIANTS = ['primary', 'secondary', 'text', 'neutral', 'danger-outline', 'danger'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
/** The variants that destroy something (a booking, a basket item, a cover). */
export const DESTRUCTIVE_VARIANTS: readonly ButtonVariant[] = ['danger-outline', 'danger'];
/** Spec §9: sm 26px, md 34px, lg 42px. */
export const BUTTON_SIZES = { sm: 26, md: 34, lg: 42 } as const;
export type ButtonSize = keyof typeof BUTTON_SIZES;

const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: 'h-[26px] px-3 text-xs',
  md: 'h-[34px] px-4 text-sm',
  lg: 'h-[42px] px-6 text-base',
};

/**
 * Each variant's text and background colour tokens (the stylesheet's `--colour-<token>`), at rest
 * and on hover; lib/ui/button-contrast.test.ts checks every pair reaches 4.5:1 in the default
 * theme and a venue theme, and that VARIANT_CLASSES below use these tokens. `white` is the page.
 */
export const VARIANT_COLOURS: Record<ButtonVariant, { text: string; background: string; hoverText: string; hoverBackground: string }> = {
  primary: { text: 'on-primary', background: 'primary-500', hoverText: 'on-primary-600', hoverBackground: 'primary-600' },
  secondary: { text: 'on-secondary', background: 'secondary-500', hoverText: 'on-secondary-600', hoverBackground: 'secondary-600' },
  text: { text: 'primary-600', background: 'white', hoverText: 'primary-600', hoverBackground: 'white' },
  neutral: { text: 'neutral-900', background: 'white', hoverText: 'neutral-900', hoverBackground: 'neutral-100' },
  'danger-outline': { text: 'danger-700', background: 'white', hoverText: 'danger-800', hoverBackground: 'danger-50' },
  danger: { text: 'on-danger', background: 'danger-700', hoverText: 'on-danger', hoverBackground: 'danger-800' },
};

export const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-primary-500 text-on-primary hover:bg-primary-600 hover:text-on-primary-600 border border-transparent',
  // The theme's secondary button style (spec §3): solid by default, outline when configured.
  // (the `btn-secondary` rules in styles.css switch to outline when the theme says so).
  secondary: 'btn-secondary border border-secondary-500 bg-secondary-500 text-on-secondary hover:bg-secondary-600 hover:text-on-secondary-600',
  text: 'bg-transparent text-primary-600 underline-offset-4 hover:underline border border-transparent',
  neutral: 'border border-neutral-500 bg-white text-neutral-900 hover:bg-neutral-100 hover:text-neutral-900',
  'danger-outline': 'border border-danger-700 bg-white text-danger-700 hover:bg-danger-50 hover:text-danger-800',
  danger: 'border border-danger-700 bg-danger-700 text-on-danger hover:bg-danger-800 hover:text-on-danger',
};

/** Classes for anything that should look like a button (links included). */
export const buttonClasses = ({
  variant = 'primary',
  size = 'md',
  className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) =>
  `inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors ` +
  `focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-60 ` +
  `${SIZE_CLASSES[size]} ${VARIANT_CLASSES[variant]} ${className}`;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize; ref?: Ref<HTMLButtonElement> };

/** `data-variant` says which variant a button is, for tests and the destructive-button check. */
export const Button = ({ variant = 'primary', size = 'md', className, type = 'button', ...rest }: ButtonProps) => (
  <button type={type} data-variant={variant} className={buttonClasses({ variant, size, className })} {...rest} />
);
