/** The request's client settings (GET /api/client). */
export const clientKeys = {
  all: ['client'] as const,
};
