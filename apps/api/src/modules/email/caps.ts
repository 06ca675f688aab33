/**
 * Mail cannot be used as a weapon (issue 22): the emails a stranger can make us send to someone
 * by typing their address or reference, capped per recipient and kind over a rolling window,
 * whatever was typed to reach them (an email, a reference, another spelling). Emails a customer
 * causes for themself (orders, holds, offers) are not capped.
 */
export type EmailCap = { max: number; windowMinutes: number };

export const EMAIL_CAPS: Readonly<Record<string, EmailCap>> = {
  /** 'Someone tried to create an account with your email address': one an hour says it all. */
  register_existing: { max: 1, windowMinutes: 60 },
  /** A reset link: three an hour leaves room for a lost email and a retry. */
  password_reset: { max: 3, windowMinutes: 60 },
};

export const capOf = (kind: string): EmailCap | undefined => EMAIL_CAPS[kind];
