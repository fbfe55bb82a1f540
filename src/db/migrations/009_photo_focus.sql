-- A photo's focal point: where the photo is anchored when a frame of another shape crops it (a
-- round portrait, a card, the hero, a link preview), as percentages of its width and height
-- from the top left. 50/50 is the middle, as before the point could be set.

ALTER TABLE media ADD COLUMN focus_x INTEGER NOT NULL DEFAULT 50 CHECK (focus_x BETWEEN 0 AND 100);
ALTER TABLE media ADD COLUMN focus_y INTEGER NOT NULL DEFAULT 50 CHECK (focus_y BETWEEN 0 AND 100);
