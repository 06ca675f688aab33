import type { Language } from '../../lib/language.ts';

/**
 * The account emails' words in each language (issue 27, docs/languages-emails.md): sign-up's
 * welcome and "someone tried to sign up with your address", the reset link and "your password has
 * been changed". Each is plain text; `links` are absolute addresses made by the caller.
 */

type AuthTexts = {
  hello: (firstName: string) => string;
  welcome: { subject: string; ready: (reference: string) => string; book: (url: string) => string; manage: (url: string) => string };
  registerExisting: { subject: string; tried: string; logIn: (url: string) => string; forgotten: (url: string) => string; notYou: string };
  reset: { subject: string; asked: string; once: (minutes: number) => string };
  changed: { subject: string; viaReset: string; viaMyDetails: string; notYou: (url: string) => string };
};

export const AUTH_TEXTS: Readonly<Record<Language, AuthTexts>> = {
  'en-GB': {
    hello: (firstName) => `Hello ${firstName},`,
    welcome: {
      subject: 'Welcome: your account is ready',
      ready: (reference) => `Welcome! Your account is ready. Your customer reference is ${reference}.`,
      book: (url) => `Book an activity: ${url}`,
      manage: (url) => `Manage your account and family: ${url}`,
    },
    registerExisting: {
      subject: 'Someone tried to create an account with your email address',
      tried: 'Someone (perhaps you) tried to create a new account with this email address, but you already have an account with us.',
      logIn: (url) => `Log in: ${url}`,
      forgotten: (url) => `Forgotten your password? Reset it here: ${url}`,
      notYou: 'If this was not you, you can ignore this email: nothing has changed on your account.',
    },
    reset: {
      subject: 'Reset your password',
      asked: 'Someone (we hope you) asked to reset the password of your account. Choose a new password here:',
      once: (minutes) => `The link works once, for ${minutes} minutes. If you did not ask, ignore this email: your password stays as it is.`,
    },
    changed: {
      subject: 'Your password has been changed',
      viaReset: 'The password of your account has just been changed, and every device logged in to it has been logged out.',
      viaMyDetails: 'The password of your account has just been changed from My details, and every other device logged in to it has been logged out.',
      notYou: (url) => `If this was not you, reset your password now: ${url}`,
    },
  },
  cy: {
    hello: (firstName) => `Helo ${firstName},`,
    welcome: {
      subject: 'Croeso: mae eich cyfrif yn barod',
      ready: (reference) => `Croeso! Mae eich cyfrif yn barod. Eich cyfeirnod cwsmer yw ${reference}.`,
      book: (url) => `Archebu gweithgaredd: ${url}`,
      manage: (url) => `Rheoli eich cyfrif a’ch teulu: ${url}`,
    },
    registerExisting: {
      subject: 'Ceisiodd rhywun greu cyfrif gyda’ch cyfeiriad e-bost',
      tried: 'Ceisiodd rhywun (chi, efallai) greu cyfrif newydd gyda’r cyfeiriad e-bost hwn, ond mae gennych gyfrif gyda ni’n barod.',
      logIn: (url) => `Mewngofnodi: ${url}`,
      forgotten: (url) => `Wedi anghofio eich cyfrinair? Ailosodwch ef yma: ${url}`,
      notYou: 'Os nad chi oedd hyn, gallwch anwybyddu’r e-bost hwn: nid oes dim wedi newid ar eich cyfrif.',
    },
    reset: {
      subject: 'Ailosod eich cyfrinair',
      asked: 'Gofynnodd rhywun (chi, gobeithio) am gael ailosod cyfrinair eich cyfrif. Dewiswch gyfrinair newydd yma:',
      once: (minutes) => `Mae’r ddolen yn gweithio unwaith, am ${minutes} munud. Os na wnaethoch chi ofyn, anwybyddwch yr e-bost hwn: bydd eich cyfrinair yn aros fel y mae.`,
    },
    changed: {
      subject: 'Mae eich cyfrinair wedi’i newid',
      viaReset: 'Mae cyfrinair eich cyfrif newydd gael ei newid, ac mae pob dyfais a oedd wedi mewngofnodi iddo wedi’i hallgofnodi.',
      viaMyDetails: 'Mae cyfrinair eich cyfrif newydd gael ei newid o Fy manylion, ac mae pob dyfais arall a oedd wedi mewngofnodi iddo wedi’i hallgofnodi.',
      notYou: (url) => `Os nad chi oedd hyn, ailosodwch eich cyfrinair nawr: ${url}`,
    },
  },
};
