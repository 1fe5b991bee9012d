// Educational videos: the grid and the player's video for customers, and the back office's create, edit and delete.
export { seedEducationalDemo } from './demo';
export { educationalRoutes } from './routes';
