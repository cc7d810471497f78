import { setupServer } from 'msw/node';

/** The one msw server of the test run; test files add handlers with `server.use(...)`. */
export const server = setupServer();
