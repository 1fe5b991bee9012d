// Auro, the chat assistant: POST /api/chat/ask, the conversations it keeps, and its retrieval over the FAQs
// (features/support) and the help articles. The model behind it is a port (adapters/chat-model). docs/chat.md.
export { chatRoutes } from './routes';
