import { Component, type ReactNode } from 'react';
import type { Location } from './history.ts';
import { RouteErrorContext } from './context.ts';

interface Props {
  location: Location;
  errorElement: ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
  location: Location;
}

/**
 * Shows the route's errorElement when its page throws while rendering (a failed lazy chunk
 * download included). Moving to another address clears the error, so links on the error page work.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, hasError: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.location !== state.location) return { error: undefined, hasError: false, location: props.location };
    return null;
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return <RouteErrorContext value={this.state.error}>{this.props.errorElement}</RouteErrorContext>;
  }
}
