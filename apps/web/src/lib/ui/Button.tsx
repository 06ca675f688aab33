import type { ButtonHTMLAttributes, Ref } from 'react';

/** Spec §5: the button accepts only the variants primary, secondary, text. */
export const BUTTON_VARIANTS = ['primary', 'secondary', 'text'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
/** Spec §9: sm 26px, md 34px, lg 42px. */
export const BUTTON_SIZES = { sm: 26, md: 34, lg: 42 } as const;
export type ButtonSize = keyof typeof BUTTON_SIZES;

const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: 'h-[26px] px-3 text-xs',
  md: 'h-[34px] px-4 text-sm',
  lg: 'h-[42px] px-6 text-base',
};

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-primary-500 text-on-primary hover:bg-primary-600 hover:text-on-primary-600 border border-transparent',
  // The theme's secondary button style (spec §3): solid by default, outline when configured.
  // (the `btn-secondary` rules in styles.css switch to outline when the theme says so).
  secondary: 'btn-secondary border border-secondary-500 bg-secondary-500 text-on-secondary hover:bg-secondary-600 hover:text-on-secondary-600',
  text: 'bg-transparent text-primary-600 underline-offset-4 hover:underline border border-transparent',
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

export const Button = ({ variant = 'primary', size = 'md', className, type = 'button', ...rest }: ButtonProps) => (
  <button type={type} className={buttonClasses({ variant, size, className })} {...rest} />
);
