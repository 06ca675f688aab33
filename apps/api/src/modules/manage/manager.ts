/** A staff member with the operator (manager) role at the client of the request (docs/operator-tools.md). */
export type Manager = { clientId: number; userId: number };
