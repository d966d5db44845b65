import { useMemo, useState, type FormEvent } from 'react';
import type { Policy } from '../../../../../shared/team/model';
import { serviceOf } from '../../../../../shared/service-address';
import { workspaceCalls } from '../../../platform/workspace';
import { useProfiles } from '../../../stores/profiles';
import { SelectField } from '../../../ui/SelectField';
import { StatusNote } from '../../../ui/StatusNote';
import { TextField } from '../../../ui/TextField';
import { refreshDirectory } from '../../../team/commands/directory-store';
import {
  currentPolicy,
  EMPTY_RULE,
  parsePolicyForm,
  ruleDraftOf,
  type PolicyProblem,
  type RuleDraft,
  type RuleField,
} from '../../../team/model/policy-form';
import { defaultApprovalsWords, ruleWords } from '../../../team/model/workspace-words';
import { useWorkspaceCall } from './useWorkspaceCall';

const OTHER = 'other';

/** The services policies can be set for: every live profile's, and every one that already has a policy. */
function useServices(policies: readonly Policy[]): { value: string; label: string }[] {
  const profiles = useProfiles((s) => s.profiles);
  return useMemo(() => {
    const named = new Map<string, string>();
    for (const p of profiles)
      if (p.kind === 'live' && p.baseUrl) named.set(serviceOf(p), `${p.name} (${serviceOf(p)})`);
    for (const p of policies) if (!named.has(p.service)) named.set(p.service, p.service);
    return [...named].map(([value, label]) => ({ value, label }));
  }, [profiles, policies]);
}

function PolicyWords({ policy }: { policy: Policy | undefined }) {
  if (!policy)
    return <p className="muted">No policy yet: every row needs one approver other than the person who drafted it.</p>;
  return (
    <>
      <p>Version {policy.version} is in force.</p>
      <ul className="settings-ws__rules">
        {policy.rules.map((r, i) => (
          <li key={i}>{ruleWords(r)}</li>
        ))}
        <li>{defaultApprovalsWords(policy.defaultApprovals)}</li>
      </ul>
      <p className="field__hint">
        When several rules cover a row, the one that asks for the most approvers counts. Whoever drafted a row never
        counts toward it.
      </p>
    </>
  );
}

interface EditorProps {
  workspaceId: string;
  service: string;
  policy: Policy | undefined;
}

const RULE_FIELDS: readonly { field: RuleField; label: string; hint?: string }[] = [
  { field: 'min', label: 'From (USD)', hint: 'Empty: any amount.' },
  { field: 'max', label: 'Up to (USD)', hint: 'Empty: no upper limit.' },
  { field: 'accounts', label: 'Leaving these accounts', hint: 'Account ids, separated by commas. Empty: any account.' },
  {
    field: 'payees',
    label: 'Going to these payees',
    hint: 'Payee or account ids, separated by commas. Empty: anyone.',
  },
  { field: 'approvals', label: 'Approvers needed' },
];

/** The next version of a service's policy, edited from the one in force and signed in main. */
function PolicyEditor({ workspaceId, service, policy }: EditorProps) {
  const { busy, note, run } = useWorkspaceCall();
  const [byDefault, setByDefault] = useState(String(policy?.defaultApprovals ?? 1));
  const [rules, setRules] = useState<RuleDraft[]>(() => policy?.rules.map(ruleDraftOf) ?? []);
  const [problems, setProblems] = useState<PolicyProblem[]>([]);
  const problemOf = (rule: number | null, field: PolicyProblem['field']) =>
    problems.find((p) => p.rule === rule && p.field === field)?.message;

  const edit = (i: number, field: RuleField, value: string) => {
    setRules((rs) => rs.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
    setProblems((ps) => ps.filter((p) => !(p.rule === i && p.field === field)));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parsePolicyForm(byDefault, rules);
    if (!parsed.ok) {
      setProblems(parsed.problems);
      return;
    }
    setProblems([]);
    const saved = await run(
      () =>
        workspaceCalls.setPolicy({
          workspaceId,
          service,
          defaultApprovals: parsed.defaultApprovals,
          rules: parsed.rules,
        }),
      (p) => `Version ${p.version} of the policy is signed and in force for ${p.service}.`,
    );
    if (saved) await refreshDirectory(workspaceId);
  };

  return (
    <form
      className="form"
      aria-label={`Approval policy for ${service}`}
      onSubmit={(e) => void save(e)}
      noValidate
      aria-busy={busy || undefined}
    >
      {rules.map((r, i) => (
        <fieldset key={i} className="settings-ws__rule">
          <legend className="field__label">Rule {i + 1}</legend>
          {RULE_FIELDS.map((f) => (
            <TextField
              key={f.field}
              id={`ws-rule-${i}-${f.field}`}
              label={f.label}
              {...(f.hint ? { hint: f.hint } : {})}
              error={problemOf(i, f.field)}
              inputMode={
                f.field === 'accounts' || f.field === 'payees'
                  ? 'text'
                  : f.field === 'approvals'
                    ? 'numeric'
                    : 'decimal'
              }
              value={r[f.field]}
              readOnly={busy}
              onChange={(ev) => edit(i, f.field, ev.target.value)}
            />
          ))}
          <button
            type="button"
            className="button button--quiet"
            disabled={busy}
            onClick={() => setRules((rs) => rs.filter((_, j) => j !== i))}
          >
            Remove rule {i + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button" disabled={busy} onClick={() => setRules((rs) => [...rs, EMPTY_RULE])}>
        Add a rule
      </button>
      <TextField
        id="ws-policy-default"
        label="Approvers needed for rows no rule covers"
        inputMode="numeric"
        value={byDefault}
        error={problemOf(null, 'defaultApprovals')}
        readOnly={busy}
        onChange={(ev) => {
          setByDefault(ev.target.value);
          setProblems((ps) => ps.filter((p) => p.rule !== null));
        }}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Signing…' : 'Sign and save the policy'}
        </button>
      </div>
      {problems.length > 0 ? (
        <p className="form__error" role="alert">
          Some rules need a fix before the policy can be signed.
        </p>
      ) : null}
      <StatusNote note={note} />
    </form>
  );
}

/**
 * Approval policies per service (the profile's service address): the one in force in words for
 * every member, and for admins the next version to sign. A policy change applies at once to every
 * row not sent yet.
 */
export function PolicyPanel({
  workspaceId,
  policies,
  isAdmin,
}: {
  workspaceId: string;
  policies: readonly Policy[];
  isAdmin: boolean;
}) {
  const services = useServices(policies);
  const options = [...services, ...(isAdmin ? [{ value: OTHER, label: 'Another service address…' }] : [])];
  const [picked, setPicked] = useState<string | null>(null);
  const [other, setOther] = useState('');
  // Until the person picks one (or when theirs is gone): the first, which may arrive with the directory.
  const chosen = picked !== null && options.some((o) => o.value === picked) ? picked : (options[0]?.value ?? OTHER);
  const service = chosen === OTHER ? other.trim() : chosen;
  const policy = currentPolicy(policies, service);

  return (
    <section className="settings-ws__part" aria-label="Approval policies">
      <h4 className="settings-ws__subtitle">Approval policies</h4>
      {options.length === 0 ? (
        <p className="muted">No policy yet: every row needs one approver other than the person who drafted it.</p>
      ) : (
        <SelectField label="Service" value={chosen} options={options} onChange={setPicked} />
      )}
      {chosen === OTHER && isAdmin ? (
        <TextField
          id="ws-policy-service"
          label="Service address"
          hint="Such as https://api.example.com, as your profile of that service uses it."
          value={other}
          onChange={(e) => {
            // Typing an address is choosing it: a service that appears in the list meanwhile does not take its place.
            setPicked(OTHER);
            setOther(e.target.value);
          }}
        />
      ) : null}
      {service ? <PolicyWords policy={policy} /> : null}
      {isAdmin && service ? (
        <PolicyEditor
          key={chosen === OTHER ? OTHER : service}
          workspaceId={workspaceId}
          service={service}
          policy={policy}
        />
      ) : null}
    </section>
  );
}
