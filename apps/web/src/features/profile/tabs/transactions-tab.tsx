export { TransactionsTab } from '../../money/components/transactions-tab.tsx';
