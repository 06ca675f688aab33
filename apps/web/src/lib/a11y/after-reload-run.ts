import { i18n } from '../i18n.ts';
import { announce } from './announcer.tsx';
import type { AfterReload } from './after-reload.ts';
import { focusWhenShown } from './focus.ts';

/** Focuses the remembered control (else <main>) and then says what happened. */
export const runAfterReload = ({ messageKey, focus }: AfterReload) => {
  const focusing = focusWhenShown([focus, '#main']);
  void focusing.done
    .then(() => i18n.loadNamespaces('common'))
    .then(() => announce(i18n.t(`common:${messageKey}`)));
  return focusing.cancel;
};
