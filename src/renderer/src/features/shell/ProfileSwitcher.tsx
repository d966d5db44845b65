import type { ChangeEvent } from 'react';
import type { ProfileView } from '../../../../shared/ipc';
import { displayAddress } from '../../../../shared/service-url';
import { useProfiles } from '../../stores/profiles';

export function profileLabel(p: ProfileView): string {
  return p.kind === 'demo' ? `${p.name} (Demo, sample data)` : p.name;
}

/** A native select: the platform gives it keyboard and screen-reader support for free. */
export function ProfileSwitcher() {
  const profiles = useProfiles((s) => s.profiles);
  const activeId = useProfiles((s) => s.activeProfileId);
  const switching = useProfiles((s) => s.switching);
  const select = useProfiles((s) => s.select);
  const onChange = (e: ChangeEvent<HTMLSelectElement>) => {
    void select(e.target.value);
  };
  return (
    <div className="switcher">
      <label htmlFor="profile-switcher" className="switcher__label">
        Profile
      </label>
      <select
        id="profile-switcher"
        value={activeId ?? ''}
        onChange={onChange}
        disabled={switching}
        aria-busy={switching}
      >
        {activeId === null ? <option value="">Choose a profile</option> : null}
        {profiles.map((p) => (
          <option key={p.id} value={p.id} title={p.kind === 'live' ? displayAddress(p.baseUrl) : undefined}>
            {profileLabel(p)}
          </option>
        ))}
      </select>
    </div>
  );
}
