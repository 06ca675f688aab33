import { i18n } from '../i18n.ts';
import { announce } from './announcer.tsx';
import type { AfterReload } from './after-reload-note.ts';
import { focusWhenShown } from './focus.ts';
import { showToast } from '../toast/store.ts';

/** Focuses the remembered control (else <main>) and then says what happened. */
export const runAfterReload = ({ messageKey, focus, toast = false }: AfterReload) => {
  const focusing = focusWhenShown([focus, '#main']);
  void focusing.done
    .then(() => i18n.loadNamespaces('common'))
    // A success toast says it on screen and through the same announcer (features/toasts).
    .then(() => (toast ? showToast({ content: i18n.t(`common:${messageKey}`), type: 'success' }) : announce(i18n.t(`common:${messageKey}`))));
  return focusing.cancel;
};
