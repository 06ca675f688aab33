import { describe, expectTypeOf, it } from 'vitest';
import type { GetAuthUserResponse } from '@app/contract/auth/get-auth-user';
import type { LoginRequest } from '@app/contract/auth/login';
import type { Camelized } from '../../../lib/api/camelized.ts';
import type { AuthUser } from './auth-user.ts';
import type { useLogin } from './login.ts';

describe('auth types come from the contract', () => {
  it('derives the auth user from GET {auth}/user, so a contract change reaches the web app', () => {
    expectTypeOf<AuthUser>().toEqualTypeOf<Camelized<GetAuthUserResponse['data']>>();
    expectTypeOf<AuthUser['membershipUser']['homeVenueSlug']>().toEqualTypeOf<string | null>();
    expectTypeOf<AuthUser['documentExpiry'][number]['daysToExpiry']>().toEqualTypeOf<number>();
  });

  it('sends the login request of the contract', () => {
    expectTypeOf<Parameters<ReturnType<typeof useLogin>['mutate']>[0]>().toEqualTypeOf<LoginRequest>();
  });
});
