import { useId, type ReactNode } from 'react';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { AddProfileForm } from '../../parts/profiles/AddProfileForm';
import { AppearanceSetting } from './AppearanceSetting';
import { ApprovalRuleSetting } from './ApprovalRuleSetting';
import { DemoSample } from './DemoSample';
import { HelpSection } from './help/HelpSection';
import { DemoTeamSetting } from './DemoTeamSetting';
import { LocalData } from './LocalData';
import { NotificationSettings } from './NotificationSettings';
import { TeamWorkspaceSection } from './workspace/TeamWorkspaceSection';
import { UpdatesPanel } from './help/UpdatesPanel';
import { WebhooksSection } from './webhooks/WebhooksSection';
import { ProfileList } from '../../parts/profiles/ProfileList';
import { RecoveredNotice } from '../../parts/profiles/RecoveredNotice';
import './settings.css';

/** One part of Settings: a region named by its heading. */
function SettingsPanel({
  title,
  intro,
  headingId,
  children,
}: {
  title: string;
  intro?: string;
  headingId?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const id = headingId ?? generated;
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel__title" tabIndex={headingId ? -1 : undefined}>
        {title}
      </h2>
      {intro ? <p className="panel__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

const TEAM_WORKSPACE_HEADING = 'settings-team-workspace';

/** This computer's approvals are one person's; the way to require a second is the team workspace, a step away. */
function SecondPersonHint() {
  return (
    <p className="field__hint settings__second-person">
      On this computer whoever approves does so alone. To require a second person, who never approves their own
      requests, use a team workspace.{' '}
      <button
        type="button"
        className="button button--quiet"
        onClick={() => {
          const heading = document.getElementById(TEAM_WORKSPACE_HEADING);
          heading?.scrollIntoView({ block: 'start' });
          heading?.focus();
        }}
      >
        Go to Team workspace
      </button>
    </p>
  );
}

export function SettingsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Settings</ScreenHeading>
      <RecoveredNotice />
      <SettingsPanel title="Profiles">
        <ProfileList />
      </SettingsPanel>
      <SettingsPanel
        title="Data on this computer"
        intro="What each profile keeps here so that it works offline. Clearing a cache or removing a profile waits until its unsent items are sent, exported or discarded."
      >
        <LocalData />
      </SettingsPanel>
      <SettingsPanel
        title="Add a live profile"
        intro="Connect the app to your company’s account on the service. You need the service and vault addresses and an API key."
      >
        <AddProfileForm />
      </SettingsPanel>
      <SettingsPanel title="Approvals">
        <ApprovalRuleSetting />
        <SecondPersonHint />
      </SettingsPanel>
      <SettingsPanel title="Team workspace" headingId={TEAM_WORKSPACE_HEADING}>
        <TeamWorkspaceSection />
      </SettingsPanel>
      <SettingsPanel title="Appearance">
        <AppearanceSetting />
      </SettingsPanel>
      <SettingsPanel title="Notifications">
        <NotificationSettings />
      </SettingsPanel>
      <SettingsPanel title="Demo sample">
        <DemoSample />
        <DemoTeamSetting />
      </SettingsPanel>
      <SettingsPanel
        title="Developer"
        intro="For whoever connects the company’s other systems to the service: where it sends its event notifications."
      >
        {/* A webhook the cache holds in an old shape fails this part alone, not the whole of Settings. */}
        <ErrorBoundary what="The webhooks">
          <WebhooksSection />
        </ErrorBoundary>
      </SettingsPanel>
      <SettingsPanel
        title="Help"
        intro="When something goes wrong: what to send to whoever supports you. Logs never hold keys, passwords, card numbers or memos."
      >
        <HelpSection>
          <UpdatesPanel />
        </HelpSection>
      </SettingsPanel>
    </section>
  );
}
