/**
 * A card as "Name •1234" in a narrow column: the name gives way with an ellipsis (the whole label
 * in its title), the last four never, since they are what tells two cards of one name apart.
 */
export function CardLabel({ label }: { label: string }) {
  const parts = /^(.*?)\s*(•\s?\d{4})$/.exec(label);
  if (!parts) {
    return (
      <span className="card-label" title={label}>
        <span className="card-label__name">{label}</span>
      </span>
    );
  }
  return (
    <span className="card-label" title={label}>
      <span className="card-label__name">{parts[1]}</span>
      <span className="card-label__last4">{parts[2]}</span>
    </span>
  );
}
