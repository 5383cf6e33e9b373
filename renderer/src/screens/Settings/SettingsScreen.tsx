import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';

export default function SettingsScreen() {
  return <ScreenHeader title="Settings" description="How Linkdesk behaves on this computer." />;
}
