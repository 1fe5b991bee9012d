// The users feature's public surface: the signed-in customer (GET /api/user), how a user is presented, where users,
// addresses and companies are read, and the registration guards other features put in front of their routes.
export { requireApprovedRegistration, requireCompleteRegistration } from './guards';
export { isRegistrationComplete, presentCompany, presentUser, registrationSteps } from './presenter';
export { countAddresses, findCompanyByUser, findUserByEmail, findUserById, listAddresses } from './repository';
export { userRoutes } from './routes';
