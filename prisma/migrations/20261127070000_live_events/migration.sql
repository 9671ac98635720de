-- Live events (decision 078): one row per change another screen shows, with an id that increases
-- per restaurant, and the per-restaurant sequence that hands the ids out under a row lock.
CREATE TABLE `live_events` (
    `restaurantId` INTEGER NOT NULL,
    `id` INTEGER NOT NULL,
    `type` VARCHAR(40) NOT NULL,
    `data` TEXT NOT NULL,
    `audience` VARCHAR(20) NOT NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `live_events_createdAt_idx`(`createdAt`),
    PRIMARY KEY (`restaurantId`, `id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `live_event_sequences` (
    `restaurantId` INTEGER NOT NULL,
    `lastId` INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY (`restaurantId`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- Every restaurant's row exists up front, so the first events of two writers never race to insert it.
INSERT INTO `live_event_sequences` (`restaurantId`, `lastId`) SELECT `id`, 0 FROM `restaurants`;
