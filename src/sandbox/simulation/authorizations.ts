import type { SimulatedAuthorization, Transaction } from '../../shared/service';
import { ApiError } from '../http/errors';
import type { World } from '../world/world';

export interface AuthorizationOutcome {
  approved: boolean;
  declineReason?: string;
  transaction: Transaction;
}

/** Simulates one card authorization (owned by the cards feature). */
export function authorize(_world: World, _input: SimulatedAuthorization): AuthorizationOutcome {
  throw new ApiError(501, 'NOT_IMPLEMENTED', 'authorizations are not implemented yet');
}
