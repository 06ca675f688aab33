/** Booking a course (features/catalogue, basket, my-account; docs/courses.md): places and price now, the account's people, course bookings. */
export const courseKeys = {
  all: ['courses'] as const,
  availability: (courseId: number) => [...courseKeys.all, 'availability', courseId] as const,
  people: (courseId: number) => [...courseKeys.all, 'people', courseId] as const,
  bookings: () => [...courseKeys.all, 'bookings'] as const,
};
