import type { ReactNode } from 'react';
import styles from './card-list.module.scss';

export interface ListedCard {
  key: string;
  /** The card's id, for a link to it (`#tour-…`): the page scrolls it into sight below its top edge. */
  id?: string;
  content: ReactNode;
}

/** Things of one kind as a column of white cards, one a list item each: the team's members, the estates, the tours. */
export function CardList({ label, cards, ordered = false }: { label?: string; cards: ListedCard[]; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={styles.cards} aria-label={label}>
      {cards.map((card) => (
        <li key={card.key} id={card.id} className={styles.card}>
          {card.content}
        </li>
      ))}
    </List>
  );
}
