/**
 * What ties a radio group to its error text: the group is invalid and described by the text, as MUI's
 * TextField does for its input by itself. The text takes `id={errorId}`.
 */
export function groupErrorProps(
  errorId: string,
  error: unknown,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
}
