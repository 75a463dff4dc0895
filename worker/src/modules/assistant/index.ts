export { isolateLtr } from './assistant-facts';
export { chatQaAdmin } from './routes/admin/custom-chat-qa';
export { chat } from './routes/chat';
export { customChatQaRoutes } from './routes/custom-chat-qa';
export { chatBookingSessions, chatMessages, customChatQa } from './tables';
