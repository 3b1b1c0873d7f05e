export { PreferencesTab } from '../../preferences/components/preferences-tab.tsx';
