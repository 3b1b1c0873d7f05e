import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth-provider.tsx';

afterEach(cleanup);

function ReadsAuth() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('says where it must be used when there is no AuthProvider', () => {
    // React logs the thrown error; keep the test output readable.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ReadsAuth />)).toThrow('useAuth must be used within an AuthProvider');
    quiet.mockRestore();
  });
});
