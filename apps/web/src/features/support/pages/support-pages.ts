// The support screens share one chunk: one lazy import for their routes (app/more-routes.tsx).
export { AccessibilityPage } from './accessibility-page';
export { ContactPage } from './contact-page';
export { CreateTicketPage } from './create-ticket-page';
export { FaqsPage } from './faqs-page';
export { TicketDetailsPage } from './ticket-details-page';
export { VisitorTicketPage } from './visitor-ticket-page';
export { VisitorContactPage } from './visitor-contact-page';
