/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { typist, WithoutAntdStyles } from '../testing/page-test-kit';
import { FormFrame, NumberField, SubmitButton } from './form-fields';

const amountSchema = z.object({
  amount: z.number('Enter a number.').min(1, 'Enter a number of at least 1.').max(1_000_000, 'Enter a number of at most 1,000,000.'),
});
type AmountInput = z.input<typeof amountSchema>;
type Amount = z.output<typeof amountSchema>;

function AmountForm({ onSave, initial }: { onSave(amount: Amount): void; initial?: number }) {
  const { control, handleSubmit } = useForm<AmountInput, unknown, Amount>({
    resolver: zodResolver(amountSchema),
    mode: 'onChange',
    defaultValues: { amount: initial },
  });
  return (
    <FormFrame onSubmit={handleSubmit(onSave)}>
      <NumberField control={control} name="amount" label="Amount" step={0.01} />
      <SubmitButton busy={false}>Save</SubmitButton>
    </FormFrame>
  );
}

const renderForm = (initial?: number) => {
  const onSave = jest.fn();
  render(
    <WithoutAntdStyles>
      <AmountForm onSave={onSave} initial={initial} />
    </WithoutAntdStyles>,
  );
  return { onSave, amount: screen.getByRole('spinbutton', { name: 'Amount' }) as HTMLInputElement };
};

describe('number field', () => {
  test('a number below the allowed range is kept as typed, even after leaving the field, and explained', async () => {
    const { onSave, amount } = renderForm();
    const user = typist();
    await user.type(amount, '-500');
    await user.tab();
    expect(amount.value).toBe('-500');
    expect(await screen.findByText('Enter a number of at least 1.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(amount.value).toBe('-500');
    expect(onSave).not.toHaveBeenCalled();
  });

  test('text that is not a number stays in the field with "Enter a number."', async () => {
    const { onSave, amount } = renderForm();
    const user = typist();
    await user.type(amount, 'abc');
    await user.tab();
    expect(amount.value).toBe('abc');
    expect(await screen.findByText('Enter a number.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(amount.value).toBe('abc');
    expect(onSave).not.toHaveBeenCalled();
  });

  test('a valid number submits as a number, and the message goes once the text is corrected', async () => {
    const { onSave, amount } = renderForm();
    const user = typist();
    await user.type(amount, '12a');
    expect(await screen.findByText('Enter a number.')).toBeInTheDocument();
    await user.type(amount, '{Backspace}.50');
    await waitFor(() => expect(screen.queryByText('Enter a number.')).not.toBeInTheDocument());
    expect(amount.value).toBe('12.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0]).toEqual({ amount: 12.5 });
  });

  test('a value given by the form is shown, and the arrow keys step it without rounding what was typed', async () => {
    const { amount } = renderForm(1500);
    expect(amount.value).toBe('1500');
    const user = typist();
    await user.type(amount, '{ArrowUp}');
    expect(amount.value).toBe('1500.01');
  });
});
