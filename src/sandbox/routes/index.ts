import { cardRoutes } from './cards';
import { directoryRoutes } from './directory';
import { moneyRoutes } from './money';
import { transactionRoutes } from './transactions';
import type { RouteTable } from './types';

/** Every endpoint of the contract, by feature module. */
export const routes: RouteTable = {
  ...cardRoutes,
  ...transactionRoutes,
  ...moneyRoutes,
  ...directoryRoutes,
};
