/** Hierarchical query keys: invalidate `roomKeys.all` to refresh everything about rooms. */
export const roomKeys = {
  all: ['rooms'] as const,
  list: () => [...roomKeys.all, 'list'] as const,
  inventory: () => [...roomKeys.all, 'inventory'] as const,
};
