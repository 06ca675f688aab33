/** The logged-in user (spec §3 Auth user). */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  /** My details (GET {dashboard}/details): under `auth`, so a logout drops it with the user. */
  details: () => [...authKeys.all, 'details'] as const,
};
