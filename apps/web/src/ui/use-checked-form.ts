import { useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { ApiError, errorMessage, fieldMessage } from '../lib/api-error.ts';
import { fieldA11y } from './form-parts.tsx';

/** What a rule from `@toolshed/core` answers: each field's problem, in words a user reads. */
export type FieldProblems<V> = Partial<Record<keyof V & string, string | undefined>>;

/**
 * The form's resolver is the rule the server applies too (`bankAccountProblems`, `emailProblem`, ...),
 * so the browser and the API refuse the same input with the same words.
 */
export function problemsResolver<V extends FieldValues>(check: (values: V) => FieldProblems<V>): Resolver<V> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(check(values))) {
      if (message) errors[field] = { type: 'rule', message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<V> } : { values, errors: {} };
  };
}

export interface CheckedFormOptions<V extends FieldValues> {
  defaultValues: DefaultValues<V>;
  /** The rule, from packages/core where the server shares it. */
  check: (values: V) => FieldProblems<V>;
  /** Ids are `${idPrefix}-${field}`: the label, hint and error hang off them. */
  idPrefix: string;
  /** Ids that do not follow the prefix (kept where pages link to them). */
  ids?: Partial<Record<keyof V & string, string>>;
  /** Fields with a hint: the input is described by it while it has no error. */
  hinted?: readonly (keyof V & string)[];
  /**
   * When a field in error is checked again: at the next submit (the default), or as it changes, so its
   * message goes once it is put right (a long form, where the user fixes one field after another).
   */
  recheck?: 'onSubmit' | 'onChange';
  /** Which field takes the focus when the rule fails, where it is not the first field in error. */
  focusOf?: (problems: FieldProblems<V>, values: V) => Path<V> | undefined;
}

/** An input's props: id, name, value wiring and its ties to the hint or error. */
export type FieldProps<V extends FieldValues> = UseFormRegisterReturn<Path<V>> & { id: string; defaultValue?: string } & ReturnType<
    typeof fieldA11y
  >;

export interface CheckedForm<V extends FieldValues> extends UseFormReturn<V> {
  id(name: Path<V>): string;
  field(name: Path<V>): FieldProps<V>;
  problem(name: Path<V>): string | undefined;
  failure: string | null;
  setFailure(message: string | null): void;
  serverError(error: unknown, fields?: readonly Path<V>[]): void;
  /** An onSubmit handler (its promise is looked after here: failures are the form's to show). */
  submit(send: SubmitHandler<V>): (event?: FormEvent) => void;
}

/**
 * The one form pattern of the web app (decision 041): react-hook-form with the rule as resolver.
 * Errors show under their fields after a submit and stay until the next one; the first field in error
 * takes the focus; a server's 400 naming a field goes under that field, anything else above the form.
 */
export function useCheckedForm<V extends FieldValues>(options: CheckedFormOptions<V>): CheckedForm<V> {
  const form = useForm<V>({
    defaultValues: options.defaultValues,
    resolver: problemsResolver(options.check),
    mode: 'onSubmit',
    reValidateMode: options.recheck ?? 'onSubmit',
    shouldFocusError: !options.focusOf,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;

  const id = (name: Path<V>) => options.ids?.[name as keyof V & string] ?? `${options.idPrefix}-${name}`;
  const problem = (name: Path<V>): string | undefined => {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  /** Everything an input needs: id, name, value wiring and its ties to the hint or error. */
  const field = (name: Path<V>): FieldProps<V> => ({
    id: id(name),
    // The starting value on the element too, so a select shows it before the form has read it.
    defaultValue: (options.defaultValues as Record<string, string | undefined>)[name],
    ...form.register(name),
    ...fieldA11y(id(name), problem(name), options.hinted?.includes(name as keyof V & string) ?? false),
  });

  /** A failed request: under its field when the server named one of `fields`, else above the form. */
  const serverError = (error: unknown, fields: readonly Path<V>[] = []) => {
    const named = error instanceof ApiError && error.status === 400 ? (error.field as Path<V> | undefined) : undefined;
    if (named && fields.includes(named)) {
      form.setError(named, { type: 'server', message: fieldMessage(error as ApiError) }, { shouldFocus: true });
    } else setFailure(named ? fieldMessage(error as ApiError) : errorMessage(error));
  };

  /** With `focusOf`, the field it names takes the focus when the rule fails. */
  const focusChosen = (found: FieldErrors<V>) => {
    const problems: Record<string, string | undefined> = {};
    for (const [name, error] of Object.entries(found as Record<string, { message?: unknown } | undefined>)) {
      if (typeof error?.message === 'string') problems[name] = error.message;
    }
    const target = options.focusOf?.(problems as FieldProblems<V>, form.getValues());
    if (target) form.setFocus(target);
  };

  /** The submit handler: clears the last failure, checks the rule, then runs `send` with valid values. */
  const submit = (send: SubmitHandler<V>) => (event?: FormEvent) =>
    void form
      .handleSubmit(
        async (values, submitEvent) => {
          setFailure(null);
          await send(values, submitEvent);
        },
        options.focusOf ? focusChosen : undefined,
      )(event)
      .catch((error: unknown) => setFailure(errorMessage(error)));

  return { ...form, id, field, problem, failure, setFailure, serverError, submit };
}
