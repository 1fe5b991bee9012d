// Proof of reserves (issue 30 item 1): the public page loads through the router, in its own chunk.
export { RESERVES_QUERY_KEY } from './api/get-reserves';
