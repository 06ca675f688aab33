/** What the account holds (docs/account-holdings.md): memberships, packages, guest passes, orders. */
export const holdingsKeys = {
  all: ['holdings'] as const,
  memberships: () => [...holdingsKeys.all, 'memberships'] as const,
  packages: () => [...holdingsKeys.all, 'packages'] as const,
  guestPasses: () => [...holdingsKeys.all, 'guest-passes'] as const,
  orders: () => [...holdingsKeys.all, 'orders'] as const,
  receipt: (orderId: string) => [...holdingsKeys.all, 'receipt', orderId] as const,
};
