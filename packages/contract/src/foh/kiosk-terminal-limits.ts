/**
 * The kiosk card reader's wait (issue 24), apart from the schemas in kiosk-terminal.ts so the
 * kiosk's idle watch, on every kiosk screen, does not carry zod (issue 28). kiosk-terminal.ts
 * re-exports it.
 */

/** How long the terminal waits for a card before it gives up (a real terminal times out too). */
export const KIOSK_TERMINAL_WAIT_SECONDS = 120;
