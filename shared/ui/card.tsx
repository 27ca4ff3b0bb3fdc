import type { ElementType, ReactNode } from 'react';
import './card.css';

export interface CardProps {
  children: ReactNode;
  /** Heading shown at the top of the card. */
  title?: ReactNode;
  as?: ElementType;
  padding?: 'none' | 'md' | 'lg';
  className?: string;
}

export function Card({ children, title, as: Tag = 'section', padding = 'md', className }: CardProps) {
  return (
    <Tag className={`rv-card rv-card--pad-${padding} ${className ?? ''}`.trim()}>
      {title ? <h2 className="rv-card__title">{title}</h2> : null}
      {children}
    </Tag>
  );
}
