// Support: FAQs, contact information, tickets for customers and visitors, and their back office. docs/support.md.
export { seedSupportDemo } from './demo';
export { supportRoutes } from './routes';
// Auro (features/chat) answers from the active FAQs.
export { listFaqs } from './faqs';
