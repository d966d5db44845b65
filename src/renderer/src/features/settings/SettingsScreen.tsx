import { ScreenHeading } from '../../ui/ScreenHeading';
import { AddProfileForm } from '../profiles/AddProfileForm';
import { ApprovalRuleSetting } from './ApprovalRuleSetting';
import { DemoSample } from './DemoSample';
import { ProfileList } from '../profiles/ProfileList';
import { RecoveredNotice } from '../profiles/RecoveredNotice';

export function SettingsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Settings</ScreenHeading>
      <RecoveredNotice />
      <section className="panel" aria-labelledby="profiles-title">
        <h2 id="profiles-title" className="panel__title">
          Profiles
        </h2>
        <ProfileList />
      </section>
      <section className="panel" aria-labelledby="add-profile-title">
        <h2 id="add-profile-title" className="panel__title">
          Add a live profile
        </h2>
        <p className="panel__intro">Connect the app to your company’s account on the service. You need the service and vault addresses and an API key.</p>
        <AddProfileForm />
      </section>
      <section className="panel" aria-labelledby="approvals-title">
        <h2 id="approvals-title" className="panel__title">
          Approvals
        </h2>
        <ApprovalRuleSetting />
      </section>
      <section className="panel" aria-labelledby="demo-title">
        <h2 id="demo-title" className="panel__title">
          Demo sample
        </h2>
        <DemoSample />
      </section>
    </section>
  );
}
