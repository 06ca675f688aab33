/** Form messages of spec §5, word for word. */
export const validationMessages = {
  required: 'Required',
  exactly: (n: number) => `Must contain exactly ${n} character(s)`,
  atLeast: (n: number) => `Must contain at least ${n} character(s)`,
  over: (n: number) => `Must contain over ${n} character(s)`,
  atMost: (n: number) => `Must contain at most ${n} character(s)`,
  under: (n: number) => `Must contain under ${n} character(s)`,
} as const;
