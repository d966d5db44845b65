import type { ReactNode } from 'react';
import { LogActions } from './LogActions';
import { SupportBundle } from './SupportBundle';
import './help.css';

/**
 * Settings → Help: what support needs from this computer (a bundle, the log folder, the
 * diagnostics), then `children`: the place for the Updates panel (the version, and when the
 * next one installs), which the settings screen passes in.
 */
export function HelpSection({ children }: { children?: ReactNode }) {
  return (
    <div className="help">
      <SupportBundle />
      <LogActions />
      {children}
    </div>
  );
}
