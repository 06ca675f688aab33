import { Link } from 'react-router';
import type { Theme } from '@app/contract/rules/theme-defaults';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useClientSettings } from '../../lib/client-settings.ts';

/**
 * The operator's logo (else its name) linking home: the header's and the mobile drawer's. The
 * name is the client's (GET client `name`), the one its emails and the 3-D Secure page use
 * (issue 21); the locale's site name only until the settings are known.
 * A file of its own so the drawer, a lazy chunk of the header, does not import the header back.
 */
export const Logo = ({ theme, className = '' }: { theme: Theme; className?: string }) => {
  const { t } = useTranslation();
  const name = useClientSettings().name || t('siteName');
  return (
    <Link to="/" className={`flex min-w-0 items-center gap-2 rounded ${className}`}>
      {theme.themeAppLogo ? (
        <img src={theme.themeAppLogo} alt={name} className="h-9 w-auto max-w-28 object-contain sm:max-w-44" />
      ) : (
        <span className="font-heading text-xl font-bold tracking-wide text-header-text uppercase sm:text-2xl">{name}</span>
      )}
    </Link>
  );
};
