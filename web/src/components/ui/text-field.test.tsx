// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './text-field';

afterEach(cleanup);

describe('TextField', () => {
  it('labels the input and links the error message to it', () => {
    render(
      <TextField
        label="Full name"
        description="As on your ID card"
        isInvalid
        errorMessage="Name must be at least 2 characters"
      />,
    );

    const input = screen.getByLabelText('Full name');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    const error = screen.getByText('Name must be at least 2 characters');
    const description = screen.getByText('As on your ID card');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(error.id).not.toBe('');
    expect(describedBy).toContain(error.id);
    expect(describedBy).toContain(description.id);
  });

  it('shows no error while the value is valid', () => {
    render(<TextField label="Full name" errorMessage="Name must be at least 2 characters" />);
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBeNull();
  });

  it('renders a text area when multiline', () => {
    render(<TextField label="Comment" multiline />);
    expect(screen.getByLabelText('Comment').tagName).toBe('TEXTAREA');
  });
});
