import type { ConnectionCheck, ConnectionTestResult } from '../../../../shared/ipc';
import './profiles.css';

function Check({ name, check }: { name: string; check: ConnectionCheck }) {
  return (
    <li className={`check ${check.ok ? 'check--ok' : 'check--fail'}`}>
      <span className="check__icon" aria-hidden="true">
        {check.ok ? '✓' : '✕'}
      </span>
      <span>
        <strong>{name}:</strong> {check.message}
      </span>
    </li>
  );
}

/** The two hosts checked by "Test connection": the API and the card-number vault. */
export function ConnectionTestResults({ result }: { result: ConnectionTestResult }) {
  return (
    <ul className="checks" aria-label="Connection test results">
      <Check name="API" check={result.api} />
      <Check name="Vault" check={result.vault} />
    </ul>
  );
}
