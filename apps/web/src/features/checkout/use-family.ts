import { useMemo } from 'react';
import { useAuthUser } from '../auth/public.ts';

/** The customer and their family (`auth/user` `membership_user` + `membership_users`), each once. */
export const useFamily = () => {
  const user = useAuthUser();
  return useMemo(() => {
    const people = [user.data?.membershipUser, ...(user.data?.membershipUsers ?? [])].filter((person) => person !== undefined);
    return [...new Map(people.map((person) => [person.id, person])).values()];
  }, [user.data]);
};
