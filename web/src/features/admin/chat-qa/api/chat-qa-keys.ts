/** Query keys of the Q&A admin screen. */
export const chatQaKeys = {
  all: ['admin', 'chat-qa'] as const,
  list: () => [...chatQaKeys.all, 'list'] as const,
};
