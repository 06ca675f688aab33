/** Activities (categories) and courses of a venue. */
export const catalogueKeys = {
  all: ['venue'] as const,
  venue: (venueSlug: string) => [...catalogueKeys.all, venueSlug] as const,
  categories: (venueSlug: string) => [...catalogueKeys.venue(venueSlug), 'categories'] as const,
  category: (venueSlug: string, activitySlug: string) => [...catalogueKeys.categories(venueSlug), activitySlug] as const,
  courses: (venueSlug: string, categorySlug?: string) =>
    [...catalogueKeys.venue(venueSlug), 'courses', categorySlug ?? null] as const,
  course: (venueSlug: string, categorySlug: string, courseSlug: string) =>
    [...catalogueKeys.venue(venueSlug), 'course', categorySlug, courseSlug] as const,
};
