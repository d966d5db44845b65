import { dispatch } from '../../src/main/ipc/dispatch';
import { test, expect } from './fixtures';
import { openSection, startDemo } from './harness/flows';

// The app in Chromium has no installer step of its own: Settings says updates come from the
// installer and shows the version main reports, and no feed is read.
test('Settings → Updates: in this window updates come from the installer, with the version running', async ({
  app,
}) => {
  const { page } = app;
  const info = await dispatch(app.core.handlers, 'app:info', undefined);
  if (!info.ok) throw new Error(info.error.message);
  await app.open();
  await startDemo(page);
  await openSection(page, 'Settings');
  const panel = page.getByRole('region', { name: 'Updates' });
  await expect(panel).toContainText(`Treasury Desktop ${info.value.version}.`);
  await expect(panel).toContainText('In this window updates come from the installer');
  await expect(panel.getByRole('button')).toHaveCount(0);
  const state = await dispatch(app.core.handlers, 'updates:state', undefined);
  expect(state.ok && state.value).toMatchObject({ mode: 'installer', feed: null, lastChecked: null });
});
