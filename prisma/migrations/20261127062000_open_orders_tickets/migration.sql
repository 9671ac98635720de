-- The orders open when tickets arrive (decision 079) reach the kitchen screen as tickets: one per
-- station with their lines as they are now, new, from the order's own time and waiter. Lines of
-- items deleted from the menu since have no station and stay off the screen.
INSERT INTO `kitchen_tickets` (`restaurantId`, `orderId`, `stationId`, `kind`, `orderVersion`, `sentById`, `sentByName`, `status`, `createdAt`, `updatedAt`)
SELECT DISTINCT o.`restaurantId`, o.`id`, c.`stationId`, 'new', o.`version`, o.`createdById`, o.`waiterName`, 'new', o.`createdAt`, CURRENT_TIMESTAMP(3)
FROM `orders` o
JOIN `order_items` i ON i.`orderId` = o.`id`
JOIN `menu_items` m ON m.`id` = i.`menuItemId`
JOIN `menu_categories` c ON c.`restaurantId` = m.`restaurantId` AND c.`key` = m.`category`
WHERE o.`status` = 'active';

INSERT INTO `kitchen_ticket_items` (`restaurantId`, `ticketId`, `menuItemId`, `name`, `quantity`, `note`, `complimentary`, `createdAt`)
SELECT o.`restaurantId`, t.`id`, i.`menuItemId`, i.`menuItemName`, i.`quantity`, i.`note`, i.`complimentary`, i.`createdAt`
FROM `orders` o
JOIN `order_items` i ON i.`orderId` = o.`id`
JOIN `menu_items` m ON m.`id` = i.`menuItemId`
JOIN `menu_categories` c ON c.`restaurantId` = m.`restaurantId` AND c.`key` = m.`category`
JOIN `kitchen_tickets` t ON t.`orderId` = o.`id` AND t.`stationId` = c.`stationId`
WHERE o.`status` = 'active'
ORDER BY i.`id`;
