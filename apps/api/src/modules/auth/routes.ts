import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZLoginRequest, ZLoginResponse } from '@app/contract/auth/login';
import { ZGetAuthUserResponse } from '@app/contract/auth/get-auth-user';
import { ZLogoutResponse } from '@app/contract/auth/logout';
import { ZRegisterQuery, ZRegisterRequest, ZRegisterResponse } from '@app/contract/auth/register';
import {
  ZForgottenPasswordRequest,
  ZForgottenPasswordResponse,
  ZResetPasswordRequest,
  ZResetPasswordResponse,
} from '@app/contract/auth/forgotten-password';
import { ZCreateLoginTokenResponse, ZExchangeLoginTokenRequest, ZExchangeLoginTokenResponse } from '@app/contract/auth/login-token';
import {
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZMyDetailsResponse,
  ZSetDateOfBirthRequest,
  ZSetDateOfBirthResponse,
  ZUpdateMyDetailsRequest,
} from '@app/contract/auth/my-details';
import type { FastifyRequest } from 'fastify';
import * as service from './service.ts';
import * as myDetails from './details.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookie.ts';
import { publicUrlOf } from '../../lib/config.ts';
import { requestLanguage } from '../../lib/language.ts';
import { setLanguageCookie } from '../../lib/language-cookie.ts';
import { ZSetLanguageRequest, ZSetLanguageResponse } from '@app/contract/auth/language';

/** Auth API of spec §7 under the auth base (`/api/auth`). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/customer/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with email or customer reference and password; returns a bearer token',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, 422: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    // Failed attempts are limited per account and per address inside the service, after the
    // body is parsed (modules/auth/login-throttle.ts, docs/security.md).
    // A refusal's Retry-After is set by the error handler (AppError.retryAfterSeconds).
    async (request, reply) => {
      const replaces = request.authVia === 'cookie' ? request.auth!.sessionId : null;
      const { token, language } = await service.login(app.db, request.clientId, request.body.username, request.body.password, request.ip, replaces);
      // The browser's session is the HttpOnly cookie; API clients send the token back as a bearer header.
      setSessionCookies(request, reply, token);
      // The account's language becomes the browser's (issue 27, docs/languages.md "Recorded language").
      setLanguageCookie(request, reply, language);
      // `data.token` is the spec's; `status` and top-level `token` are what the live product's clients read.
      return { status: 'success' as const, token, data: { token } };
    },
  );

  app.get(
    '/api/auth/user',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'The logged-in user with their membership users', response: { 200: ZGetAuthUserResponse, 401: ZErrorResponse, 404: ZErrorResponse, 500: ZErrorResponse } },
    },
    async (request, reply) => {
      const user = await service.authUser(app.db, request.clientId, request.auth!.userId);
      // A logged-in person's recorded language wins over this browser's cookie (another device's
      // choice, a sub-domain's own cookie on a host that cannot share one): the site adopts it.
      if (requestLanguage(request) !== user.language) setLanguageCookie(request, reply, user.language);
      return { data: user };
    },
  );

  const origin = (request: FastifyRequest): service.Origin => ({ address: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
  const mail = { publicUrl: publicUrlOf(app.config) };
  // 429s carry Retry-After: the error handler sets it from AppError.retryAfterSeconds.
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 422: ZErrorResponse, 429: ZErrorResponse };

  app.post(
    '/api/auth/customer/register',
    {
      config: { personalData: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign up: the user and their own membership user, a welcome email, and a session (docs/account.md)',
        querystring: ZRegisterQuery,
        body: ZRegisterRequest,
        response: { 201: ZRegisterResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.register(app.db, request.clientId, request.body, request.query.onboarding_type ?? null, origin(request), { ...mail, language: requestLanguage(request) });
      if (result.token) setSessionCookies(request, reply, result.token);
      return reply.code(201).send({ status: 'success' as const, token: result.token, data: result });
    },
  );

  app.post(
    '/api/auth/customer/forgotten-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password reset link (the same answer whether or not an account matches)',
        body: ZForgottenPasswordRequest,
        response: { 200: ZForgottenPasswordResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.forgottenPassword(app.db, request.clientId, request.body.email_or_reference, origin(request)),
    }),
  );

  app.post(
    '/api/auth/customer/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token; ends every session of the account',
        body: ZResetPasswordRequest,
        response: { 200: ZResetPasswordResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.resetPassword(app.db, request.clientId, request.body.token, request.body.password, origin(request), mail);
      // Every session of the account has ended: this browser's cookie (if any) goes too.
      clearSessionCookies(request, reply);
      return { data };
    },
  );

  app.post(
    '/api/auth/token',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'A one-time login token (60 s) for a link to another site of this operator', response: { 200: ZCreateLoginTokenResponse, 401: ZErrorResponse } },
    },
    async (request) => ({ data: await service.createLoginToken(app.db, request.clientId, request.auth!.userId) }),
  );

  app.post(
    '/api/auth/token/exchange',
    {
      schema: {
        tags: ['auth'],
        summary: "Exchange a one-time login token for this site's own session",
        body: ZExchangeLoginTokenRequest,
        response: { 200: ZExchangeLoginTokenResponse, 422: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const { token, language } = await service.exchangeLoginToken(app.db, request.clientId, request.body.token, request.ip);
      setSessionCookies(request, reply, token);
      setLanguageCookie(request, reply, language);
      return { status: 'success' as const, data: { message: 'Logged in.' } };
    },
  );

  app.post(
    '/api/auth/logout-everywhere',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'End every session of the account, on every site and device', response: { 200: ZLogoutResponse, 401: ZErrorResponse } },
    },
    async (request, reply) => {
      await service.logoutEverywhere(app.db, request.clientId, request.auth!.userId, origin(request));
      clearSessionCookies(request, reply);
      return { data: { message: 'Logged out everywhere.' } };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 200: ZLogoutResponse, 401: ZErrorResponse } },
    },
    async (request, reply) => {
      await service.logout(app.db, request.auth!.sessionId);
      clearSessionCookies(request, reply);
      return { data: { message: 'Logged out.' } };
    },
  );

  app.post(
    '/api/auth/customer/change-password',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change the password (the current one asked); other sessions end, this one gets a new token',
        body: ZChangePasswordRequest,
        response: { 200: ZChangePasswordResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { token, message } = await service.changePassword(app.db, request.clientId, request.auth!, request.body, origin(request), mail);
      if (request.authVia === 'cookie') setSessionCookies(request, reply, token);
      // A bearer client needs its new token; the browser's stays in the HttpOnly cookie, out of reach of scripts.
      return { data: { message, token: request.authVia === 'bearer' ? token : null } };
    },
  );

  app.put(
    '/api/dashboard/language',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: "The logged-in person's language ('en-GB' or 'cy'): recorded on the account and set as this browser's `lang` cookie",
        body: ZSetLanguageRequest,
        response: { 200: ZSetLanguageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.setLanguage(app.db, request.clientId, request.auth!.userId, request.body.language);
      setLanguageCookie(request, reply, data.language);
      return { data };
    },
  );

  const details = '/api/dashboard/details';
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };

  app.get(
    details,
    { ...guarded, schema: { tags: ['account'], summary: "My details: the customer's name, contact details, emergency contact and marketing preferences", response: { 200: ZMyDetailsResponse, ...errors } } },
    async (request) => ({ data: await myDetails.myDetails(app.db, request.clientId, request.auth!.userId) }),
  );

  app.patch(
    details,
    {
      ...guarded,
      schema: { tags: ['account'], summary: 'Change any of My details (audited)', body: ZUpdateMyDetailsRequest, response: { 200: ZMyDetailsResponse, ...errors } },
    },
    async (request) => ({ data: await myDetails.updateMyDetails(app.db, request.clientId, request.auth!.userId, request.body, origin(request)) }),
  );

  app.post(
    '/api/dashboard/date-of-birth',
    {
      ...guarded,
      schema: {
        tags: ['account'],
        summary: 'Give the date of birth an age rule needs, while the account has none (issue 21)',
        body: ZSetDateOfBirthRequest,
        response: { 200: ZSetDateOfBirthResponse, 409: ZErrorResponse, ...errors },
      },
    },
    async (request) => ({ data: await myDetails.setOwnDateOfBirth(app.db, request.clientId, request.auth!.userId, request.body.date_of_birth, origin(request)) }),
  );
};
