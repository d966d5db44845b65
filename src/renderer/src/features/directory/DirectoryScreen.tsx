import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';

export function DirectoryScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Directory</ScreenHeading>
      <ComingSoon title="Directory">Find payees by their handle and look up merchants.</ComingSoon>
    </section>
  );
}
