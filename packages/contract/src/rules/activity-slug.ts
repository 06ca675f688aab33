/**
 * Spec §2 breadcrumb label: "the capitalised activity slug" — the slug itself with its first
 * letter in capitals, nothing else changed ('five-a-side' → 'Five-a-side'). The one
 * implementation: the catalogue and timetable screens both call it. Pure, no zod.
 */
export const capitaliseSlug = (slug: string): string => slug.charAt(0).toUpperCase() + slug.slice(1);
