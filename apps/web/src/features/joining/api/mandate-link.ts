import { useMutation, useQuery } from '@tanstack/react-query';
import type { MandateLinkDoneDto, MandateLinkDto } from '@app/contract/memberships/mandate-link';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import type { BankDetails } from './joining.ts';

/**
 * The Direct Debit link of a membership sold at the till (issue 24; contract
 * packages/contract/src/memberships/mandate-link.ts): the emailed token is the credential.
 */
export type MandateLink = Camelized<MandateLinkDto>;
export type MandateLinkDone = Camelized<MandateLinkDoneDto>;

const path = (token: string) => `online-joining/mandate-links/${encodeURIComponent(token)}`;

/** GET online-joining/mandate-links/{token}: 404 unknown, 410 used or expired, 403 another customer's. */
export const useMandateLink = (token: string) => useQuery({ queryKey: ['online-joining', 'mandate-link', token], queryFn: ({ signal }) => api.get<MandateLink>(path(token), { signal }), retry: false });

/** POST online-joining/mandate-links/{token}/mandate: the bank details go to the Direct Debit provider; the membership becomes active. */
export const useCompleteMandateLink = (token: string) => useMutation({ mutationFn: (body: BankDetails) => api.post<MandateLinkDone>(`${path(token)}/mandate`, body) });
