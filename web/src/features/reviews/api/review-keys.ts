/** Query keys of the guest reviews. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: () => [...reviewKeys.all, 'list'] as const,
  mine: (deviceId: string) => [...reviewKeys.all, 'mine', deviceId] as const,
};
