export { BalanceTab } from '../../money/components/balance-tab.tsx';
